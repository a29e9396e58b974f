/** Events the people's scripts tell each other on ``document``. */

/** The challenges that keep a seat for the reader changed (``detail``: the new list). */
export const FOR_YOU_CHANGED = "od:for-you-changed";
