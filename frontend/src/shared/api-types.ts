// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { AccountSchemas } from "./api-types/account";
import type { AnalysesSchemas } from "./api-types/analyses";
import type { BotSchemas } from "./api-types/bot";
import type { ChallengesSchemas } from "./api-types/challenges";
import type { ChatSchemas } from "./api-types/chat";
import type { DailyDealSchemas } from "./api-types/daily-deal";
import type { EndgamesSchemas } from "./api-types/endgames";
import type { EnumsSchemas } from "./api-types/enums";
import type { ExercisesSchemas } from "./api-types/exercises";
import type { GameAnalysesSchemas } from "./api-types/game-analyses";
import type { GamesSchemas } from "./api-types/games";
import type { ImportsSchemas } from "./api-types/imports";
import type { LearnSchemas } from "./api-types/learn";
import type { LobbySchemas } from "./api-types/lobby";
import type { MatchesSchemas } from "./api-types/matches";
import type { NotificationsSchemas } from "./api-types/notifications";
import type { OpenDataSchemas } from "./api-types/open-data";
import type { PlayersSchemas } from "./api-types/players";
import type { PositionsSchemas } from "./api-types/positions";
import type { PuzzlesSchemas } from "./api-types/puzzles";
import type { RunsSchemas } from "./api-types/runs";
import type { SeeksSchemas } from "./api-types/seeks";
import type { SharedSchemas } from "./api-types/shared";
import type { Shared2Schemas } from "./api-types/shared-2";
import type { SocialSchemas } from "./api-types/social";
import type { StreamSchemas } from "./api-types/stream";
import type { TournamentsSchemas } from "./api-types/tournaments";
import type { VacationSchemas } from "./api-types/vacation";
import type { WatchSchemas } from "./api-types/watch";

export interface components {
    schemas: AccountSchemas &
        AnalysesSchemas &
        BotSchemas &
        ChallengesSchemas &
        ChatSchemas &
        DailyDealSchemas &
        EndgamesSchemas &
        EnumsSchemas &
        ExercisesSchemas &
        GameAnalysesSchemas &
        GamesSchemas &
        ImportsSchemas &
        LearnSchemas &
        LobbySchemas &
        MatchesSchemas &
        NotificationsSchemas &
        OpenDataSchemas &
        PlayersSchemas &
        PositionsSchemas &
        PuzzlesSchemas &
        RunsSchemas &
        SeeksSchemas &
        SharedSchemas &
        Shared2Schemas &
        SocialSchemas &
        StreamSchemas &
        TournamentsSchemas &
        VacationSchemas &
        WatchSchemas;
}
