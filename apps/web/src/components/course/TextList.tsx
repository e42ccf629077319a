/** A titled bullet list, such as a course's learning outcomes or requirements. */
export function TextList({ title, items }: { title: string; items: string[] }) {
  return (
    <div className="grid gap-2">
      <h3 className="font-medium">{title}</h3>
      <ul className="list-disc grid gap-1 pl-5 text-sm">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
