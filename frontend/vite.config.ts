import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

// The build goes to dist/ with a manifest, so that Django templates can look
// up the hashed files of each entry point by its name (``{% vite_entry "play" %}``
// finds the manifest entry whose ``name`` is "play").  Keep these names: the
// templates use them.  One entry per page, in the folder of its part of the site.
const src = (path: string) => resolve(import.meta.dirname, "src", path);

export default defineConfig({
  base: "./",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    // Vite 8 names Rollup's options ``rolldownOptions`` (``rollupOptions`` is its deprecated alias).
    rolldownOptions: {
      input: {
        board: src("board/index.ts"),
        demo: resolve(import.meta.dirname, "index.html"),
        analysis: src("study/analysis.ts"),
        "analysis-game": src("study/analysis-game.ts"),
        editor: src("study/editor.ts"),
        endgame: src("study/endgame.ts"),
        puzzle: src("training/puzzle.ts"),
        play: src("games/play.ts"),
        review: src("games/review.ts"),
        match: src("matches/match.ts"),
        lobby: src("people/lobby.ts"),
        challenge: src("people/challenge.ts"),
        // On every page of a reader the site knows: the challenges for them as they come.
        inbox: src("people/inbox.ts"),
        daily: src("daily/daily.ts"),
        coach: src("coach/exercise.ts"),
        // The installable web app: the service worker (served by Django at /sw.js), the script of
        // every page that installs it and keeps the offline puzzles, and the offline puzzle page.
        sw: src("offline/sw.ts"),
        pwa: src("offline/pwa.ts"),
        offline: src("offline/offline-page.ts"),
        learn: src("learn/lesson.ts"),
        tournament: src("tournaments/tournament.ts"),
        // A player's profile: the Follow and Block buttons through the API.
        relation: src("social/relation.ts"),
        // On every page of an account: the header's bell; on the notices page, this browser's Web Push.
        notices: src("notifications/notices.ts"),
        // The games to watch, the TV page and the spectator count on a game between people's page.
        watch: src("watch/watch.ts"),
        // The chat panel of a game between people's page and a tournament's page.
        chat: src("chat/chat.ts"),
      },
      // Keep the exports of the ``board`` entry (``Board``, ``t``...) for pages that import it.
      preserveEntrySignatures: "exports-only",
    },
  },
  test: {
    environment: "jsdom",
    include: ["tests/**/*.test.ts"],
  },
});
