// Writes activity entries into the benchmark's SQLite database at a steady rate, each in its own
// transaction as the app's actions do: argv file, entries per second. Stops on SIGTERM.
import Database from "better-sqlite3";
import { activityRow, insertSql } from "./activity-data.mjs";

const [file, rateText] = process.argv.slice(2);
const perTick = Math.max(1, Math.round(Number(rateText) / 10));
const db = new Database(file);
db.pragma("busy_timeout = 5000");
db.pragma("synchronous = NORMAL");
const insert = db.prepare(insertSql);
const users = db.prepare("select id, name, email, role from users limit 1000").all();
const courses = db.prepare("select id, title, course_code from courses").all();
let written = 0;
const timer = setInterval(() => {
  for (let i = 0; i < perTick; i++, written++) {
    insert.run(
      activityRow(users[written % users.length], courses[written % courses.length], "course_view", Date.now()),
    );
  }
}, 100);
process.send?.("ready");
process.on("SIGTERM", () => {
  clearInterval(timer);
  db.close();
  process.send?.({ written });
  process.exit(0);
});
