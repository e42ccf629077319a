import { downloadFile } from "./download";

/** Everyone's xAPI statements of the UTC days `from`..`to` as a JSON file (admins; the server streams it). */
export const downloadXapiStatements = (from: string, to: string) =>
  downloadFile(`/admin/xapi/statements?${new URLSearchParams({ from, to })}`, null);

/** The signed-in user's own xAPI statements as a JSON file. */
export const downloadMyXapiStatements = () => downloadFile("/xapi/statements/mine", null);
