/** Vite entry ``tournament``: a tournament's page (the ``tournaments/tournament.html`` template). */
import { mountTournamentPage } from "./tournament-page";

const page = mountTournamentPage();
if (page) (window as unknown as { tournamentPage: typeof page }).tournamentPage = page;
