import { Bold, Code, Italic, Link2, List, ListOrdered } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

interface RichTextEditorProps {
  /** The id of the element that names the field. */
  labelledBy: string;
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** Wraps the selection in <code> (there is no editing command for it). */
function wrapInCode() {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return;
  const range = selection.getRangeAt(0);
  const code = document.createElement("code");
  code.appendChild(range.extractContents());
  range.insertNode(code);
  selection.selectAllChildren(code);
}

function ToolButton({ label, onPress, children }: { label: string; onPress: () => void; children: ReactNode }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="size-9 px-0"
      aria-label={label}
      title={label}
      // Keeps the selection in the text while the toolbar is clicked.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
    >
      {children}
    </Button>
  );
}

/**
 * Text with simple formatting (question text, a lesson's body, discussion posts): bold, italic, lists, code and links. The browser's editing
 * commands write the HTML; the server keeps only these elements (it sanitises every save), and
 * pasted content arrives as plain text.
 */
export function RichTextEditor({ labelledBy, value, onChange, invalid, describedBy }: RichTextEditorProps) {
  const area = useRef<HTMLDivElement>(null);
  const saved = useRef<Range | null>(null);
  const [linking, setLinking] = useState(false);
  const [url, setUrl] = useState("https://");
  const { t } = useTranslation("common");
  const urlId = useId();
  const toolbarNameId = useId();

  // Outside changes (a reset after saving) replace the content; typing does not, so the caret stays.
  useEffect(() => {
    if (area.current && area.current.innerHTML !== value) area.current.innerHTML = value;
  }, [value]);

  const emit = () => onChange(area.current?.innerHTML ?? "");
  const command = (name: string, argument?: string) => {
    area.current?.focus();
    document.execCommand(name, false, argument);
    emit();
  };
  const startLink = () => {
    const selection = window.getSelection();
    saved.current = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
    setLinking(true);
  };
  const applyLink = () => {
    const selection = window.getSelection();
    area.current?.focus();
    if (saved.current && selection) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
    const href = url.trim();
    if (/^(https?:\/\/|mailto:)\S+$/i.test(href)) {
      if (selection?.isCollapsed) document.execCommand("insertText", false, href);
      else document.execCommand("createLink", false, href);
      emit();
    }
    setLinking(false);
    setUrl("https://");
  };

  return (
    <div
      className={cn(
        "rounded-md border border-input bg-background focus-within:ring-2 focus-within:ring-ring",
        invalid && "border-destructive",
      )}
    >
      {/* Named after its field too ("Formatting Question text"), as a form may hold several editors. */}
      <div
        role="toolbar"
        aria-labelledby={`${toolbarNameId} ${labelledBy}`}
        className="flex flex-wrap gap-1 border-b p-1"
      >
        <span id={toolbarNameId} hidden>
          {t("richText.toolbar")}
        </span>
        <ToolButton label={t("richText.bold")} onPress={() => command("bold")}>
          <Bold aria-hidden="true" />
        </ToolButton>
        <ToolButton label={t("richText.italic")} onPress={() => command("italic")}>
          <Italic aria-hidden="true" />
        </ToolButton>
        <ToolButton label={t("richText.bullets")} onPress={() => command("insertUnorderedList")}>
          <List aria-hidden="true" />
        </ToolButton>
        <ToolButton label={t("richText.numbers")} onPress={() => command("insertOrderedList")}>
          <ListOrdered aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label={t("richText.code")}
          onPress={() => {
            wrapInCode();
            emit();
          }}
        >
          <Code aria-hidden="true" />
        </ToolButton>
        <ToolButton label={t("richText.link")} onPress={startLink}>
          <Link2 aria-hidden="true" />
        </ToolButton>
      </div>
      {linking && (
        <div className="flex flex-wrap items-center gap-2 border-b p-2">
          <label htmlFor={urlId} className="text-sm">
            {t("richText.address")}
          </label>
          <Input
            id={urlId}
            type="url"
            value={url}
            autoFocus
            className="h-9 min-w-0 flex-1"
            onChange={(event) => setUrl(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                applyLink();
              } else if (event.key === "Escape") {
                event.preventDefault();
                setLinking(false);
              }
            }}
          />
          <Button type="button" size="sm" onClick={applyLink}>
            {t("richText.addLink")}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setLinking(false)}>
            {t("richText.cancel")}
          </Button>
        </div>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: a textbox that holds formatting has no native element. */}
      <div
        ref={area}
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-labelledby={labelledBy}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        contentEditable
        suppressContentEditableWarning
        className="min-h-24 px-3 py-2 text-sm outline-none [&_a]:text-primary [&_a]:underline [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
        onInput={emit}
        onBlur={emit}
        onPaste={(event) => {
          event.preventDefault();
          document.execCommand("insertText", false, event.clipboardData.getData("text/plain"));
        }}
      />
    </div>
  );
}
