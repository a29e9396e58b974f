/** Vite entry ``daily``: the daily deal's page (the ``daily/day.html`` template). */
import "../games/game-pages.css";
import { mountDailyPage } from "./daily-page";

const page = mountDailyPage();
if (page) (window as unknown as { dailyPage: typeof page }).dailyPage = page;
