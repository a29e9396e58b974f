/**
 * What the challenge page does with a new state of its challenge (pure, for
 * the tests): go to the game once it has started and the reader plays in it,
 * draw the page again when anything else changed, or keep waiting.
 */
export interface ChallengeState {
  version: number;
  status: string;
  game: number | null;
  you: { seat: string | null };
  urls: { game: string | null };
}

export type ChallengeStep = { kind: "game"; url: string } | { kind: "reload" } | { kind: "wait" };

export function challengeStep(shown: number, state: ChallengeState): ChallengeStep {
  if (state.game !== null && state.you.seat !== null && state.urls.game) return { kind: "game", url: state.urls.game };
  if (state.version !== shown) return { kind: "reload" };
  return { kind: "wait" };
}

/** Whether a challenge still has news to wait for (an open one). */
export function challengeOpen(state: ChallengeState): boolean {
  return state.status === "open";
}
