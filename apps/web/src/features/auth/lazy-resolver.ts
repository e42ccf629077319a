import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A form resolver whose implementation (zod and the contract's schemas, about 25 KB gzipped) loads
 * on first use instead of with the page. Call `preload` when the user starts on the form.
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
) {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const preload = () => {
    loading ??= load();
    return loading;
  };
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) =>
    (await preload())(values, context, options);
  return { resolver, preload };
}
