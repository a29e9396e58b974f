/** Vite entry ``review``: the review page (the ``review.html`` template). */
import "./game-pages.css";
import { mountReviewPage } from "./review-page";

const page = mountReviewPage();
if (page) (window as unknown as { reviewPage: typeof page }).reviewPage = page;
