/**
 * Vite entry ``analysis-game``: the game-analysis pages, of every variant,
 * one module a page: ``/analysis/games/`` (the form for a new analysis,
 * ``game-analysis-new.ts``) and ``/analysis/games/<id>/`` (the progress, then
 * the review, ``game-analysis.ts`` and ``review-view.ts``).
 */
import { mountNewAnalysis } from "./game-analysis-new";
import { mountGameAnalysis } from "./game-analysis";
import "./analysis.css";
import "./review.css";

mountNewAnalysis();
mountGameAnalysis();
