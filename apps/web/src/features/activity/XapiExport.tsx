import { FileJson } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { downloadMyXapiStatements, downloadXapiStatements } from "@/api/xapi";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/toast";

const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * The xAPI learning records as a file: admins pick a range of days (UTC) of everyone's statements,
 * anyone else downloads their own.
 */
export function XapiExport({ everyone }: { everyone: boolean }) {
  const { t } = useTranslation("activity");
  const [from, setFrom] = useState(utcToday);
  const [to, setTo] = useState(utcToday);
  const [busy, setBusy] = useState(false);
  const rangeWrong = Boolean(from && to && from > to);

  const run = async (download: () => Promise<void>) => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      toast.error(t("xapi.failed"), { description: messageOf(error, t("xapi.failed")) });
    } finally {
      setBusy(false);
    }
  };

  if (!everyone) {
    return (
      <section
        aria-labelledby="xapi-title"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border p-4"
      >
        <div>
          <h2 id="xapi-title" className="font-semibold">
            {t("xapi.title")}
          </h2>
          <p className="text-muted-foreground text-sm">{t("xapi.ownHint")}</p>
        </div>
        <Button variant="outline" disabled={busy} onClick={() => void run(downloadMyXapiStatements)}>
          <FileJson aria-hidden="true" />
          {t("xapi.downloadOwn")}
        </Button>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rangeWrong || !from || !to) return;
    void run(() => downloadXapiStatements(from, to));
  };

  return (
    <section aria-labelledby="xapi-title" className="space-y-3 rounded-xl border p-4">
      <div>
        <h2 id="xapi-title" className="font-semibold">
          {t("xapi.title")}
        </h2>
        <p className="text-muted-foreground text-sm">{t("xapi.rangeHint")}</p>
      </div>
      <form onSubmit={submit} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <div className="space-y-1.5">
          <Label htmlFor="xapi-from">{t("xapi.from")}</Label>
          <Input id="xapi-from" type="date" required value={from} onChange={(event) => setFrom(event.target.value)} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="xapi-to">{t("xapi.to")}</Label>
          <Input
            id="xapi-to"
            type="date"
            required
            value={to}
            aria-invalid={rangeWrong || undefined}
            aria-describedby={rangeWrong ? "xapi-range-error" : undefined}
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" disabled={busy || rangeWrong}>
          <FileJson aria-hidden="true" />
          {t("xapi.download")}
        </Button>
        {rangeWrong && (
          <p id="xapi-range-error" className="text-destructive text-sm sm:col-span-3">
            {t("filters.rangeError")}
          </p>
        )}
      </form>
    </section>
  );
}
