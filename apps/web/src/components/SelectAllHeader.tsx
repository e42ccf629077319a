interface SelectAllHeaderProps {
  label: string;
  /** The rows shown. */
  ids: string[];
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], checked: boolean) => void;
}

/** The selection column's header cell: a checkbox that selects, or clears, every row shown. */
export function SelectAllHeader({ label, ids, selected, onSelect }: SelectAllHeaderProps) {
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  return (
    <th className="w-10 p-3">
      <input
        type="checkbox"
        aria-label={label}
        checked={allSelected}
        onChange={(event) => onSelect(ids, event.target.checked)}
      />
    </th>
  );
}
