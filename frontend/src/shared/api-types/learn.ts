// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface LearnSchemas {
    LearnCourse: {
        lessons: components["schemas"]["LearnLessonSummary"][];
        done: number;
        total: number;
        /** @description The first lesson not done (null: course finished). */
        next: components["schemas"]["LearnLessonSummary"] | null;
    };
    LearnLesson: {
        key: string;
        /** @description The lesson's place in the course, from 1. */
        number: number;
        title: string;
        /** @description How many positions it has. */
        steps: number;
        /** @description How many of them you solved (in order). */
        steps_done: number;
        done: boolean;
        /** @description Open: the first lesson, or the one before is done. */
        unlocked: boolean;
        urls: components["schemas"]["LearnUrls"];
        intro: string;
        positions: components["schemas"]["LearnStep"][];
        /** @description The position to solve next (null: lesson done). */
        current: number | null;
        previous: components["schemas"]["LearnLessonSummary"] | null;
        next: components["schemas"]["LearnLessonSummary"] | null;
        course_url: string;
    };
    LearnLessonSummary: {
        key: string;
        /** @description The lesson's place in the course, from 1. */
        number: number;
        title: string;
        /** @description How many positions it has. */
        steps: number;
        /** @description How many of them you solved (in order). */
        steps_done: number;
        done: boolean;
        /** @description Open: the first lesson, or the one before is done. */
        unlocked: boolean;
        urls: components["schemas"]["LearnUrls"];
    };
    LearnReason: {
        /** @description covered, no_fit, cannot_pass, must_pass, not_yours, opening, no_end, opponent_plays, blocked_pips, double_stranded or not_best. */
        kind: string;
        text: string;
        /** @description The lesson's advice, after a legal move. */
        hint?: string;
    };
    LearnStep: {
        number: number;
        prompt: string;
        position: string;
        /** @description Your side: the side to move. */
        side: string;
        board: unknown;
        done: boolean;
        urls: {
            [key: string]: string;
        };
    };
    LearnTry: {
        lesson: string;
        step: number;
        move: string;
        correct: boolean;
        /** @description Why the move is wrong (null when right). */
        reason: components["schemas"]["LearnReason"] | null;
        /** @description Every right move (after a right try). */
        accepted: string[];
        /** @description The position after a legal move. */
        board_after: unknown;
        state: components["schemas"]["LearnLesson"];
    };
    LearnTryInputRequest: {
        /** @description A move: a stone ('36'), a stone and an end ('36L', '36R') or 'pass' (docs/rules.md section 2.5). */
        move: string;
    };
    LearnUrls: {
        page: string;
        api: string;
    };
}
