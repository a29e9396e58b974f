/**
 * The daily deal's page: the player's game of the day's deal in the play
 * page's widget (``PlayPage``: the same board, grades and result).  When the
 * game is over and every move of the player's is graded, the page is loaded
 * again: the server has recorded the result and draws it against the field.
 * The copy button puts the share line on the clipboard (its words come from
 * the page, in the reader's language).  The page
 * (``daily/day.html``) gives the game's JSON and the day's URL on
 * ``#daily-root``; without this script it works with plain forms.
 */
import { requireJSON } from "../shared/dom";
import { mountCopies } from "../shared/copy";
import type { GameJSON } from "../games/game";
import { needsWatching, type PlayOptions } from "../games/play-page";
import { HostedPlay, hostedPlayUrls } from "../games/hosted-play";

/** Whether the game's result can be shown: over, every move graded. */
export function resultReady(game: GameJSON): boolean {
  return game.status === "over" && !needsWatching(game);
}

export interface DailyOptions {
  play?: PlayOptions;
  /** Loads the page again (the result is drawn by the server). */
  reload?: (url: string) => void;
}

export class DailyPage {
  readonly root: HTMLElement;
  play: HostedPlay | null = null;
  private reloaded = false;

  constructor(root: HTMLElement, options: DailyOptions = {}) {
    this.root = root;
    const doc = root.ownerDocument;
    const reload = options.reload ?? ((url: string) => doc.defaultView?.location.assign(url));
    const dayUrl = root.dataset.dayUrl || (doc.defaultView?.location.pathname ?? "/daily/");
    mountCopies(root, doc);
    const host = root.querySelector<HTMLElement>("#game-root");
    if (!host || root.dataset.status === "over") return;
    const game = requireJSON<GameJSON>(root.dataset.stateId || "game-state", doc);
    const urls = hostedPlayUrls(game, dayUrl);
    const done = (g: GameJSON) => {
      if (!this.reloaded && resultReady(g)) {
        this.reloaded = true;
        reload(dayUrl);
      }
    };
    this.play = new HostedPlay(host, game, urls, options.play ?? {}, done);
    done(game);
  }

  destroy(): void {
    this.play?.destroy();
  }
}

/** Starts the daily page on ``#daily-root[data-page=daily]`` (``null`` when there is none). */
export function mountDailyPage(doc: Document = document, options: DailyOptions = {}): DailyPage | null {
  const root = doc.getElementById("daily-root");
  if (!root || root.dataset.page !== "daily") return null;
  return new DailyPage(root, options);
}
