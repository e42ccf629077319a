import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { discussionKeys } from "./discussions";
import { applyLiveEvent } from "./live-events";
import { notificationKeys } from "./notifications";

/** A cache holding the queries open pages show, none of them active (so nothing is fetched). */
function cache() {
  const client = new QueryClient();
  const keys = {
    listA: discussionKeys.list("course-a", 1, ""),
    unreadA: discussionKeys.unread("course-a"),
    threadA: discussionKeys.thread("course-a", "thread-1"),
    listB: discussionKeys.list("course-b", 1, ""),
    inbox: notificationKeys.inbox,
    history: notificationKeys.history,
    inboxOfMessages: ["messages", "inbox"],
    courses: ["courses"],
  };
  for (const key of Object.values(keys)) client.setQueryData(key, { loaded: true });
  const invalidated = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { client, invalidated };
}

describe("a live event refreshes the queries that show what changed, and only those", () => {
  it("a forum change: that course's list, unread count and open thread", () => {
    const { client, invalidated } = cache();
    applyLiveEvent(client, { type: "discussion", courseId: "course-a", threadId: "thread-1", change: "reply" });
    expect(invalidated()).toEqual(["listA", "threadA", "unreadA"]);
  });

  it("a notification: the bell's inbox, not the admin's history", () => {
    const { client, invalidated } = cache();
    applyLiveEvent(client, { type: "notification", notificationId: "n1" });
    expect(invalidated()).toEqual(["inbox"]);
  });

  it("a message: the inbox of messages", () => {
    const { client, invalidated } = cache();
    applyLiveEvent(client, { type: "message", conversationId: "c1", change: "message" });
    expect(invalidated()).toEqual(["inboxOfMessages"]);
  });

  it("a refetch after a gap: everything", () => {
    const { client, invalidated } = cache();
    applyLiveEvent(client, { type: "refetch" });
    expect(invalidated()).toHaveLength(8);
  });
});
