// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

export interface VacationSchemas {
    VacationInputRequest: {
        /** @description true: go on vacation; false: come back. */
        on: boolean;
    };
    VacationState: {
        /** @description Whether the account is on vacation now. */
        on: boolean;
        /** @description Since when (ms since 1970); null: not on vacation. */
        since: number | null;
        /** @description The seconds of this year's vacation left. */
        seconds_left: number;
        /**
         * Format: double
         * @description The days of vacation a calendar year (OD_VACATION_DAYS).
         */
        allowance_days: number;
        /** @description The server's time (ms since 1970). */
        server_time: number;
    };
}
