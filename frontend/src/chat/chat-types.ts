/** The chat API's JSON (``puzzles/chat/presentation.py``), as the OpenAPI schema states it. */
import type { components } from "../shared/api-types";

export type ChatMessage = components["schemas"]["MessageOutput"];
export type ChatPreset = components["schemas"]["PresetOutput"];
export type ChatRoom = components["schemas"]["RoomOutput"];
