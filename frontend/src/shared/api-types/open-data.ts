// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

export interface OpenDataSchemas {
    OpenDataFile: {
        /** @description YYYY-MM (UTC). */
        month: string;
        name: string;
        /** @description Bytes, compressed. */
        size: number;
        games: number;
        /** @description Of the compressed file. */
        sha256: string;
        url: string;
        /** @description The checksum as `sha256sum -c` reads it. */
        checksum_url: string;
    };
}
