/** Vite entry ``review``: the review page (puzzles/templates/puzzles/review.html). */
import "./game-pages.css";
import { mountReviewPage } from "./review-page";

const page = mountReviewPage();
if (page) (window as unknown as { reviewPage: typeof page }).reviewPage = page;
