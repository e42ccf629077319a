/** An item of an imported package (a QTI item, a cartridge resource), named by its identifier. */
export interface PackageItem {
  identifier: string;
  type: string;
  /** Why it was not imported, or what was left out of it. */
  reason?: string;
}

/** A short scrolling list of a package's items: identifier, then its type and any reason or notes. */
export function PackageItemList<T extends PackageItem>({
  items,
  label,
  notes = () => [],
}: {
  items: readonly T[];
  label: string;
  /** More words on an item, after its type and reason. */
  notes?: (item: T) => (string | undefined)[];
}) {
  return (
    <ul aria-label={label} className="grid max-h-48 gap-1 overflow-auto rounded-md border p-2 text-sm">
      {items.map((item) => (
        <li key={`${item.identifier}:${item.type}`} className="flex flex-wrap justify-between gap-x-3 break-all">
          <span className="font-mono">{item.identifier}</span>
          <span className="text-muted-foreground">
            {[item.type, item.reason, ...notes(item)].filter(Boolean).join(" · ")}
          </span>
        </li>
      ))}
    </ul>
  );
}
