/**
 * Vite entry ``puzzle``: the puzzle page (the daily puzzle, training, one
 * puzzle) and the streak and timed run page.  The template's ``#puzzle-root``
 * names the JSON elements of the puzzle and of the attempt under way, if any;
 * ``#run-root`` names the run's.
 */
import { readJSON } from "../shared/dom";
import { PuzzlePage, type AttemptJSON, type PuzzleJSON } from "./puzzle-page";
import { RunPage, type RunJSON } from "./run-page";

function main(): void {
  const runRoot = document.getElementById("run-root");
  if (runRoot) {
    const run = readJSON<RunJSON>(runRoot.dataset.runStateId);
    if (!run) return;
    // For tests and the curious: the page's state (nothing the API did not send).
    (window as unknown as { runPage: RunPage }).runPage = new RunPage(runRoot, run);
    return;
  }
  const root = document.getElementById("puzzle-root");
  if (!root) return;
  const puzzle = readJSON<PuzzleJSON>(root.dataset.puzzleStateId);
  if (!puzzle) return;
  const page = new PuzzlePage(root, puzzle, readJSON<AttemptJSON>(root.dataset.attemptStateId));
  // For tests and the curious: the page's state (nothing the API did not send).
  (window as unknown as { puzzlePage: PuzzlePage }).puzzlePage = page;
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
  else main();
}
