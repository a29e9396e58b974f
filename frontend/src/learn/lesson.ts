/**
 * Vite entry ``learn``: one lesson of the course (the ``learn/lesson.html``
 * template).  The template's ``#learn-root`` names the lesson's JSON (no
 * answer in it) and the position to show first.
 */
import { readJSON } from "../shared/dom";
import { LessonPage, type LessonJSON } from "./lesson-page";

function main(): void {
  const root = document.getElementById("learn-root");
  if (!root) return;
  const lesson = readJSON<LessonJSON>(root.dataset.lessonStateId);
  if (!lesson) return;
  const page = new LessonPage(root, lesson, Number(root.dataset.step) || lesson.current || 1);
  // For tests and the curious: the page's state (nothing the API did not send).
  (window as unknown as { learnPage: LessonPage }).learnPage = page;
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
  else main();
}
