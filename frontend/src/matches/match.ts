/** Vite entry ``match``: the match page (the ``matches/match.html`` template). */
import "../games/game-pages.css";
import "./match.css";
import { mountMatchPage } from "./match-page";

const page = mountMatchPage();
if (page) (window as unknown as { matchPage: typeof page }).matchPage = page;
