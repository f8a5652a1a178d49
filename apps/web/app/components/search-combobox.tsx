import { type Suggestions, suggestionMinLength } from "@eventwerk/contract";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslations } from "use-intl";
import { usePaths } from "../hooks";
import { resources } from "../route-table";

/** Wait this long after the last keystroke before asking for suggestions. */
const debounceMs = 200;

type Option = { key: string; href: string; label: string; detail: string; kind: string };

/** The suggestions as one list of links: events, then venues, cities and categories. */
function useOptions() {
  const t = useTranslations("nav");
  const { to } = usePaths();
  return (data: Suggestions): Option[] => [
    ...data.events.map((event) => ({
      key: `event-${event.id}`,
      href: to("event", { slug: event.slug, id: event.id }),
      label: event.title,
      detail: `${event.venue_name}, ${event.city_name}`,
      kind: t("suggestionEvent"),
    })),
    ...data.venues.map((venue) => ({
      key: `venue-${venue.id}`,
      href: `${to("search")}?${new URLSearchParams({ q: venue.name })}`,
      label: venue.name,
      detail: venue.city_name,
      kind: t("suggestionVenue"),
    })),
    ...data.cities.map((city) => ({
      key: `city-${city.id}`,
      href: `${to("events")}?city=${city.id}`,
      label: city.name,
      detail: "",
      kind: t("suggestionCity"),
    })),
    ...data.categories.map((category) => ({
      key: `category-${category.id}`,
      href: `${to("events")}?${new URLSearchParams({ category: category.slug })}`,
      label: category.name,
      detail: "",
      kind: t("suggestionCategory"),
    })),
  ];
}

/**
 * A search field that suggests events, venues, cities and categories while one types (from two
 * characters, debounced), following the ARIA combobox pattern: the list is a listbox the field
 * controls, Arrow keys move through it (`aria-activedescendant`, focus stays in the field), Enter
 * opens the chosen suggestion, Escape closes the list. Without a chosen suggestion, or without
 * JavaScript, the field submits its form (a plain GET to the search page).
 */
export function SearchCombobox({
  id,
  inputClassName,
  placeholder,
  defaultValue,
}: {
  id: string;
  inputClassName: string;
  placeholder?: string;
  defaultValue?: string;
}) {
  const t = useTranslations("nav");
  const { locale } = usePaths();
  const navigate = useNavigate();
  const toOptions = useOptions();
  const listId = useId();
  const [value, setValue] = useState(defaultValue ?? "");
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Answers by query, so that typing back and forth asks once per query.
  const cache = useRef(new Map<string, Option[]>());

  // `toOptions` is rebuilt every render; the query and the language decide what is asked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const q = value.trim();
    if ([...q].length < suggestionMinLength) {
      setOptions([]);
      setActive(-1);
      return;
    }
    const known = cache.current.get(q);
    if (known) {
      setOptions(known);
      setActive(-1);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const url = `${resources.suggestions.path}?${new URLSearchParams({ q, lang: locale })}`;
        const response = await fetch(url, { signal: controller.signal });
        // Too long, or characters the search refuses: no suggestions; submitting says why.
        if (!response.ok) return setOptions([]);
        const found = toOptions((await response.json()) as Suggestions);
        cache.current.set(q, found);
        setOptions(found);
        setActive(-1);
      } catch (error) {
        if (!controller.signal.aborted) setOptions([]);
        if (!(error instanceof DOMException)) throw error;
      }
    }, debounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [value, locale]);

  const expanded = open && options.length > 0;
  const choose = (option: Option) => {
    setOpen(false);
    navigate(option.href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!options.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) =>
        !expanded || current < 0
          ? step > 0
            ? 0
            : options.length - 1
          : (current + step + options.length) % options.length,
      );
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      choose(options[active]!);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div className="relative">
      <input
        id={id}
        // HTML allows the combobox role on a text field, not on type="search".
        type="text"
        inputMode="search"
        enterKeyHint="search"
        name="q"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        className={inputClassName}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t("suggestions")}
        hidden={!expanded}
        className="suggestions"
      >
        {options.map((option, index) => (
          // The keys are the field's (aria-activedescendant): options are never focused.
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above
          <div
            key={option.key}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            // Keeps the focus in the field; the click then chooses.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            onMouseEnter={() => setActive(index)}
            className={`flex cursor-pointer flex-col px-3 py-2 ${index === active ? "bg-primary-50 dark:bg-primary-950" : ""}`}
          >
            <span className="font-medium">{option.label}</span>
            <span className="text-xs text-muted">
              {option.kind}
              {option.detail ? ` · ${option.detail}` : ""}
            </span>
          </div>
        ))}
      </div>
      <div role="status" className="sr-only">
        {open && [...value.trim()].length >= suggestionMinLength
          ? // At most a few dozen, whose digits every locale writes alike: the browser builds no
            // number formatter while the visitor types (its first costs a slow phone 30-100 ms).
            t("suggestionsCount", { count: options.length, found: String(options.length) })
          : ""}
      </div>
    </div>
  );
}
