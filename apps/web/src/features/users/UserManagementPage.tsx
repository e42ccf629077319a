import { type BulkUpdateUsersInput, USER_PAGE_SIZES, type User } from "@lms/contract";
import { Download, Plus, Upload, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import {
  type AccountSecurityAction,
  useBulkDeleteUsers,
  useBulkUpdateUsers,
  useDeleteUser,
  useToggleUserStatus,
  useUserPage,
} from "@/api/user-admin";
import { downloadUsersCsv } from "@/api/user-import";
import { useAuth } from "@/auth/auth-context";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { PageTitle } from "@/components/PageMeta";
import { Pagination } from "@/components/Pagination";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { currentLanguage } from "@/i18n/i18n";
import { toast } from "@/lib/toast";
import { useDebouncedValue } from "@/lib/useDebouncedValue";
import { AccountSecurityDialog } from "./AccountSecurityDialog";
import { BulkActions } from "./BulkActions";
import { DeleteUsersDialog } from "./DeleteUsersDialog";
import { ImportUsersDialog } from "./ImportUsersDialog";
import { refusalText } from "./refusals";
import { UserCertificatesDialog } from "./UserCertificatesDialog";
import { UserFilters } from "./UserFilters";
import { UserFormDialog } from "./UserFormDialog";
import { UsersTable } from "./UsersTable";

/** Spec §9: the search is sent 500 ms after typing stops. */
const SEARCH_DEBOUNCE_MS = 500;
const DEFAULT_PAGE_SIZE = 10;

type Dialog =
  | { kind: "create" }
  | { kind: "import" }
  | { kind: "edit"; user: User }
  | { kind: "delete"; users: User[] }
  | { kind: "security"; user: User; action: AccountSecurityAction }
  | { kind: "certificates"; user: User }
  | null;

/** /admin/users (spec §2): filters, a paged list, create, edit and delete dialogs, status toggle, bulk changes. */
export function UserManagementPage() {
  const { t } = useTranslation("users");
  const { user: actor } = useAuth();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [role, setRole] = useState("");
  const [status, setStatus] = useState("");
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Map<string, User>>(new Map());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [lastSearch, setLastSearch] = useState(search);
  if (search !== lastSearch) {
    setLastSearch(search);
    setPage(1);
  }
  const list = useUserPage({ page, limit, search, role, status });
  const toggle = useToggleUserStatus();
  const bulkUpdate = useBulkUpdateUsers();
  const bulkDelete = useBulkDeleteUsers();
  const deleteOne = useDeleteUser();
  const deleting = bulkDelete.isPending || deleteOne.isPending;
  if (!actor) return null;
  const data = list.data;

  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };
  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const id of ids) {
        const user = data?.users.find((u) => u._id === id);
        if (on && user) next.set(id, user);
        else next.delete(id);
      }
      return next;
    });
  const toggleStatus = (user: User) =>
    toggle.mutate(user._id, {
      onSuccess: () =>
        toast.success(
          user.status === "active"
            ? t("USER_ADMIN_MESSAGES.deactivated", { ns: "messages" })
            : t("USER_ADMIN_MESSAGES.activated", { ns: "messages" }),
        ),
      onError: (error) => toast.error(messageOf(error, t("USER_ADMIN_MESSAGES.updateFailed", { ns: "messages" }))),
    });
  const applyBulk = (updates: BulkUpdateUsersInput["updates"]) =>
    bulkUpdate.mutate(
      { userIds: [...selected.keys()], updates },
      {
        onSuccess: () => {
          toast.success(t("page.updated", { count: selected.size }));
          setSelected(new Map());
        },
        onError: (error) =>
          toast.error(t("USER_ADMIN_MESSAGES.updateFailed", { ns: "messages" }), {
            description: refusalText(error, selected),
          }),
      },
    );
  const deleteUsers = (users: User[]) => {
    const done = () => {
      toast.success(
        users.length === 1
          ? t("USER_ADMIN_MESSAGES.deleted", { ns: "messages" })
          : t("page.deleted", { count: users.length }),
      );
      setSelected((current) => new Map([...current].filter(([id]) => !users.some((u) => u._id === id))));
      setDialog(null);
    };
    const failed = (error: unknown) =>
      toast.error(t("USER_ADMIN_MESSAGES.deleteFailed", { ns: "messages" }), {
        description: refusalText(error, selected),
      });
    const [only] = users;
    if (users.length === 1 && only) deleteOne.mutate(only._id, { onSuccess: done, onError: failed });
    else
      bulkDelete.mutate(
        users.map((u) => u._id),
        { onSuccess: done, onError: failed },
      );
  };

  const exportCsv = () =>
    downloadUsersCsv({ search, role, status }).catch((error) => toast.error(messageOf(error, t("page.exportFailed"))));

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("page.title")} />
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
          <p className="text-muted-foreground">{t("page.description")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={exportCsv}>
            <Download aria-hidden="true" />
            {t("page.export")}
          </Button>
          <Button variant="outline" onClick={() => setDialog({ kind: "import" })}>
            <Upload aria-hidden="true" />
            {t("page.import")}
          </Button>
          <Button onClick={() => setDialog({ kind: "create" })}>
            <Plus aria-hidden="true" />
            {t("page.create")}
          </Button>
        </div>
      </header>
      <UserFilters
        search={searchText}
        onSearch={setSearchText}
        role={role}
        onRole={filter(setRole)}
        status={status}
        onStatus={filter(setStatus)}
      />
      {selected.size > 0 && (
        <BulkActions
          count={selected.size}
          actorRole={actor.role}
          busy={bulkUpdate.isPending || deleting}
          onApply={applyBulk}
          onDelete={() => setDialog({ kind: "delete", users: [...selected.values()] })}
          onClear={() => setSelected(new Map())}
        />
      )}
      {list.isError && !data ? (
        <ErrorState
          title={t("USER_ADMIN_MESSAGES.loadFailed", { ns: "messages" })}
          onRetry={() => void list.refetch()}
        />
      ) : !data ? (
        <div role="status" aria-label={t("page.loading")} className="grid gap-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : data.users.length === 0 ? (
        <EmptyState icon={Users} title={t("page.empty")} description={t("page.emptyHint")} />
      ) : (
        <UsersTable
          users={data.users}
          actor={{ id: actor._id, role: actor.role }}
          selected={new Set(selected.keys())}
          onSelect={select}
          onEdit={(user) => setDialog({ kind: "edit", user })}
          onToggle={toggleStatus}
          onDelete={(user) => setDialog({ kind: "delete", users: [user] })}
          onSecurity={(user, action) => setDialog({ kind: "security", user, action })}
          onCertificates={(user) => setDialog({ kind: "certificates", user })}
          busy={toggle.isPending}
        />
      )}
      {data && (
        <footer className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2 text-sm">
            <Label htmlFor="users-per-page">{t("page.perPage")}</Label>
            <NativeSelect
              id="users-per-page"
              className="w-20"
              value={limit}
              onChange={(event) => {
                setLimit(Number(event.target.value));
                setPage(1);
              }}
            >
              {USER_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </NativeSelect>
            <span className="text-muted-foreground">
              {t(data.pagination.capped ? "page.totalCapped" : "page.total", {
                total: data.pagination.total.toLocaleString(currentLanguage()),
              })}
            </span>
          </div>
          <Pagination page={page} pages={data.pagination.pages} onPage={setPage} label={t("page.pages")} />
        </footer>
      )}
      {(dialog?.kind === "create" || dialog?.kind === "edit") && (
        <UserFormDialog
          user={dialog.kind === "edit" ? dialog.user : null}
          actor={{ id: actor._id, role: actor.role }}
          loadedEmails={data?.users.map((u) => u.email) ?? []}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "import" && <ImportUsersDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === "security" && (
        <AccountSecurityDialog action={dialog.action} user={dialog.user} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === "certificates" && <UserCertificatesDialog user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === "delete" && (
        <DeleteUsersDialog
          users={dialog.users}
          busy={deleting}
          onConfirm={() => deleteUsers(dialog.users)}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
