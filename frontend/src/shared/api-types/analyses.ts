// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

export interface AnalysesSchemas {
    AnalysisInputRequest: {
        /** @description A position string (docs/rules.md sections 2.2 and 4.7); the pattern gives its shape. One that has the shape but is not a possible position (a stone twice, a back stone played before its front stone, ends the played stones cannot make, a side that cannot be to move) is a 400 whose error says what is wrong. */
        position: string;
    };
}
