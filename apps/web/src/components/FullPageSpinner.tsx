import { Center, Loader } from "@mantine/core";

/** The spinner while a page or the user loads. Its own module: the entry chunk loads it. */
export function FullPageSpinner() {
  return (
    <Center h="60vh" aria-busy="true">
      <Loader color="orange" aria-label="Loading" />
    </Center>
  );
}
