export { DiscussionsTab } from "./DiscussionsTab";
export { DiscussionsTabLabel } from "./DiscussionsTabLabel";
