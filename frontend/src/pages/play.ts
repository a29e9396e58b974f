/** Vite entry ``play``: the play page (puzzles/templates/puzzles/play.html). */
import "./game-pages.css";
import { mountPlayPage } from "./play-page";

const page = mountPlayPage();
if (page) (window as unknown as { playPage: typeof page }).playPage = page;
