// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface ImportsSchemas {
    ImportInputRequest: {
        /** @description Any number of game records (docs/records.md). */
        records: string;
    };
    ImportResult: {
        imported: number;
        games: components["schemas"]["ImportedGame"][];
    };
    ImportUploadRequest: {
        /**
         * Format: binary
         * @description A file of game records (UTF-8 text, at most 4 MB).
         */
        file: string;
    };
    ImportedGame: {
        id: number;
        /** @description The uploaded file's name (empty: pasted). */
        source: string;
        /** @description The game's place in its file, from 1. */
        number: number;
        event: string;
        /** @description The seats' players as the record names them. */
        players: string;
        date: string;
        variant: string;
        /** @description The Result tag, or the Termination tag of a game its moves do not end. */
        result: string;
        moves: number;
        /** Format: date-time */
        created_at: string;
        /** @description The game's page: the analysis board and the solver's review. */
        url: string;
    };
    ImportedPage: {
        count: number;
        page: number;
        pages: number;
        games: components["schemas"]["ImportedGame"][];
    };
}
