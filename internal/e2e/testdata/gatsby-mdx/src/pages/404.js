import * as React from 'react';

export default function NotFound() {
  return <p>No such page in the lamp room.</p>;
}
