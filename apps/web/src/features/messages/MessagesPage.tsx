import { Flag, Mail } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useAuth } from "@/auth/auth-context";
import { isAdmin } from "@/auth/roles";
import { EmptyState } from "@/components/EmptyState";
import { PageTitle } from "@/components/PageMeta";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { ConversationList } from "./ConversationList";
import { ConversationView } from "./ConversationView";
import { NewMessageDialog } from "./NewMessageDialog";

/**
 * /messages and /messages/:conversationId: the inbox beside the open conversation on wide screens;
 * below `lg` one of them at a time, the conversation with a way back to the list.
 */
export function MessagesPage() {
  const { t } = useTranslation("inbox");
  const { user } = useAuth();
  const { conversationId } = useParams();
  const navigate = useNavigate();
  const open = (id: string) => navigate(`/messages/${id}`);

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("page.title")} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
          <p className="text-muted-foreground text-sm">{t("page.description")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {user && isAdmin(user.role) && (
            <Button variant="outline" asChild>
              <Link to="/admin/messages">
                <Flag aria-hidden="true" />
                {t("page.reported")}
              </Link>
            </Button>
          )}
          <NewMessageDialog onSent={(ids) => ids.length === 1 && open(ids[0])} />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className={cn(conversationId && "hidden lg:block")}>
          <ConversationList selectedId={conversationId} onOpen={open} />
        </div>
        <div className={cn(!conversationId && "hidden lg:block")}>
          {conversationId ? (
            <ConversationView key={conversationId} conversationId={conversationId} />
          ) : (
            <EmptyState icon={Mail} title={t("conversation.choose")} />
          )}
        </div>
      </div>
    </div>
  );
}
