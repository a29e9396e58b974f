/**
 * A player's name as every page writes it: a bot's account marked BOT
 * ("Ann BOT"), from the ``bot`` field of the API's player objects; the
 * server writes the same words (``botaccounts.presentation.name_text``).
 */
import { tc } from "./i18n";

export function botName(name: string, bot?: boolean | null): string {
  return bot ? tc("a bot's name", "%(name)s BOT", { name }) : name;
}
