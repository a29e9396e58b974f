import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

// The build goes to dist/ with a manifest, so that Django templates can look
// up the hashed files of each entry point (``board``, ``demo``; the site's page
// scripts in src/pages/ are added here as they are written).
export default defineConfig({
  base: "./",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    // Vite 8 names Rollup's options ``rolldownOptions`` (``rollupOptions`` is its deprecated alias).
    rolldownOptions: {
      input: {
        board: resolve(import.meta.dirname, "src/board/index.ts"),
        demo: resolve(import.meta.dirname, "index.html"),
        analysis: resolve(import.meta.dirname, "src/pages/analysis.ts"),
        "analysis-game": resolve(import.meta.dirname, "src/pages/analysis-game.ts"),
        editor: resolve(import.meta.dirname, "src/pages/editor.ts"),
        endgame: resolve(import.meta.dirname, "src/pages/endgame.ts"),
        puzzle: resolve(import.meta.dirname, "src/pages/puzzle.ts"),
        play: resolve(import.meta.dirname, "src/pages/play.ts"),
        review: resolve(import.meta.dirname, "src/pages/review.ts"),
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
