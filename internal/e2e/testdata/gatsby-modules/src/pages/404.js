import * as React from 'react';

export default function NotFound() {
  return <p>No such page in the log.</p>;
}

export const Head = () => <title>Not found</title>;
