/**
 * Vite entry ``coach``: one exercise of "Learn from your mistakes" (the
 * ``coach/exercise.html`` template, for ``/coach/exercises/<id>/`` and for
 * the steps through one game's mistakes).  The template's ``#exercise-root``
 * names the JSON element of the exercise (no answer in it) and, after a try
 * made without the script, of that try's answer.
 */
import { readJSON } from "../shared/dom";
import { ExercisePage, type ExerciseJSON, type TryJSON } from "./exercise-page";

function main(): void {
  const root = document.getElementById("exercise-root");
  if (!root) return;
  const exercise = readJSON<ExerciseJSON>(root.dataset.exerciseStateId);
  if (!exercise) return;
  const page = new ExercisePage(root, exercise, readJSON<TryJSON>(root.dataset.tryStateId));
  // For tests and the curious: the page's state (nothing the API did not send).
  (window as unknown as { exercisePage: ExercisePage }).exercisePage = page;
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
  else main();
}
