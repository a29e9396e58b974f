/** The demo page's sample positions (made by the solver), for every test. */
import data from "../../src/demo/demo-data.json";
import type { Grade, PositionJSON } from "../../src/board";

/** A legal move's grade and value, and the position after it. */
export interface Answer {
  grade: Grade;
  value: number;
  best: number;
  position: PositionJSON;
}

export interface Sample {
  id: string;
  title: string;
  lastMove: string | null;
  lastGrade?: Grade;
  position: PositionJSON;
  answers: Record<string, Answer>;
}

export const samples = (data as unknown as { samples: Sample[] }).samples;

/** A sample by its title (a fresh copy, so tests cannot disturb each other). */
export function sampleWithAnswers(title: string): Sample {
  const found = samples.find((s) => s.title === title);
  if (!found) throw new Error(`no sample ${title}`);
  return structuredClone(found);
}

/** A sample's position by the sample's title (a fresh copy). */
export function sample(title: string): PositionJSON {
  return sampleWithAnswers(title).position;
}
