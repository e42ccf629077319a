import type { CourseDetail } from "@lms/contract";
import { Download } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { exportCartridge } from "@/api/common-cartridge";
import { messageOf } from "@/api/errors";
import type { CourseArea } from "@/auth/roles";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";

/** "Export as Common Cartridge": the course as a .imscc package other LMSs read. */
export function ExportCartridgeCard({ course, area }: { course: CourseDetail; area: CourseArea }) {
  const { t } = useTranslation("course-detail");
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await exportCartridge(area, course._id);
    } catch (error) {
      toast.error(t("exportCartridge.failed"), { description: messageOf(error, t("tryAgain")) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("exportCartridge.title")}</CardTitle>
        <CardDescription>{t("exportCartridge.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={download} disabled={busy}>
          {busy ? <Spinner /> : <Download aria-hidden="true" />}
          {t("exportCartridge.open")}
        </Button>
      </CardContent>
    </Card>
  );
}
