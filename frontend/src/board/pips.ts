/**
 * The standard pip patterns of a domino half, 0..9 (double-nine sets), on a 3 by 3 grid.
 * Coordinates are in units of the grid step, for an upright stone (long side
 * vertical): the six is two columns of three, along the stone.
 */
export const PIP_LAYOUTS: readonly (readonly [number, number][])[] = [
  [],
  [[0, 0]],
  [[1, -1], [-1, 1]],
  [[1, -1], [0, 0], [-1, 1]],
  [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  [[-1, -1], [-1, 0], [-1, 1], [1, -1], [1, 0], [1, 1]],
  [[-1, -1], [-1, 0], [-1, 1], [0, 0], [1, -1], [1, 0], [1, 1]],
  [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]],
  [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 0], [0, 1], [1, -1], [1, 0], [1, 1]],
];
