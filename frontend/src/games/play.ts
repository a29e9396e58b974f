/** Vite entry ``play``: the play page (the ``play.html`` template) and the new-game form. */
import "./game-pages.css";
import { mountAfterGame } from "./after-game";
import { mountNewGameForms } from "./new-game-form";
import { mountPlayPage } from "./play-page";

mountNewGameForms();
const page = mountPlayPage(document, { socket: window.WebSocket });
if (page) (window as unknown as { playPage: typeof page }).playPage = page;
// What comes after a game between people: its rematch offer and its rating change.
if (page) mountAfterGame(page, { csrf: page.root.dataset.csrfToken ?? null });
