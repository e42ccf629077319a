import { startI18n } from "./i18n";

// Unit tests read the English catalogues, as an English-speaking user would.
await startI18n("en");
