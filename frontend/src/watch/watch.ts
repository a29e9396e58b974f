/** Vite entry ``watch``: the watch page's list, the TV page's following of the featured game, and the spectator count on a game's page, each where the page has its element. */
import "./watch.css";
import { followSpectators } from "./spectators";
import { followTv } from "./tv";
import { followList } from "./watch-list";

const list = document.querySelector<HTMLElement>("[data-watch-list]");
if (list) followList(list);
const tv = document.querySelector<HTMLElement>("[data-tv]");
if (tv) followTv(tv);
const count = document.querySelector<HTMLElement>("[data-spectators]");
if (count) followSpectators(count);
