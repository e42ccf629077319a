import { useState } from "react";
import { useSearchAsYouType } from "./useSearchAsYouType";

/** A list's page and search, with its search box's text: a new search goes back to the first page. */
export function useSearchedPages() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const box = useSearchAsYouType(search, (value) => {
    setSearch(value);
    setPage(1);
  });
  return { page, setPage, search, box };
}

export type SearchedPages = ReturnType<typeof useSearchedPages>;
