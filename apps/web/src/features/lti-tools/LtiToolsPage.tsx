import type { LtiTool } from "@lms/contract";
import { Plug, Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteLtiTool, useLtiAdminTools } from "@/api/lti";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { PageTitle } from "@/components/PageMeta";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { failureText } from "@/lib/server-errors";
import { toast } from "@/lib/toast";
import { PlatformCard } from "./PlatformCard";
import { RegisteredDialog } from "./RegisteredDialog";
import { ToolFormDialog } from "./ToolFormDialog";
import { ToolList } from "./ToolList";

type Dialog =
  | { type: "form"; tool: LtiTool | null }
  | { type: "registered"; tool: LtiTool }
  | { type: "delete"; tool: LtiTool }
  | null;

/** /admin/lti-tools: the LTI 1.3 tools instructors may add, and what their vendors need from us (issue 25). */
export function LtiToolsPage() {
  const { t } = useTranslation(["lti", "messages"]);
  const tools = useLtiAdminTools();
  const remove = useDeleteLtiTool();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const confirmDelete = (tool: LtiTool) =>
    remove.mutate(tool._id, {
      onSuccess: () => {
        toast.success(t("LTI_MESSAGES.toolDeleted", { ns: "messages" }));
        close();
      },
      onError: (error) => toast.error(t("delete.failed"), { description: failureText(error, t("delete.failed")) }),
    });

  const register = (
    <Button onClick={() => setDialog({ type: "form", tool: null })}>
      <Plus aria-hidden="true" />
      {t("tools.register")}
    </Button>
  );

  let list: ReactNode;
  if (tools.isPending) {
    list = <Spinner label={t("tools.loading")} />;
  } else if (tools.isError) {
    list = (
      <ErrorState
        title={t("tools.loadFailed")}
        description={failureText(tools.error, "")}
        onRetry={() => tools.refetch()}
      />
    );
  } else if (tools.data.tools.length === 0) {
    list = <EmptyState icon={Plug} title={t("tools.empty")} description={t("tools.emptyHint")} action={register} />;
  } else {
    list = (
      <ToolList
        tools={tools.data.tools}
        onEdit={(tool) => setDialog({ type: "form", tool })}
        onDelete={(tool) => setDialog({ type: "delete", tool })}
      />
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("page.title")} />
      <header className="grid gap-1">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
        <p className="text-muted-foreground">{t("page.subtitle")}</p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="min-w-0">
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle className="text-lg">{t("tools.title")}</CardTitle>
            {tools.isSuccess && tools.data.tools.length > 0 && register}
          </CardHeader>
          <CardContent>{list}</CardContent>
        </Card>
        {tools.isSuccess && <PlatformCard platform={tools.data.platform} />}
      </div>
      {dialog?.type === "form" && (
        <ToolFormDialog
          tool={dialog.tool}
          onClose={close}
          onRegistered={(tool) => setDialog({ type: "registered", tool })}
        />
      )}
      {dialog?.type === "registered" && <RegisteredDialog tool={dialog.tool} onClose={close} />}
      <ConfirmDialog
        open={dialog?.type === "delete"}
        onOpenChange={(open) => !open && close()}
        title={dialog?.type === "delete" ? t("delete.title", { name: dialog.tool.name }) : ""}
        description={t("delete.description")}
        confirmLabel={t("delete.confirm")}
        busy={remove.isPending}
        onConfirm={() => dialog?.type === "delete" && confirmDelete(dialog.tool)}
      />
    </div>
  );
}
