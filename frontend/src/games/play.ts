/** Vite entry ``play``: the play page (the ``play.html`` template). */
import "./game-pages.css";
import { mountPlayPage } from "./play-page";

const page = mountPlayPage();
if (page) (window as unknown as { playPage: typeof page }).playPage = page;
