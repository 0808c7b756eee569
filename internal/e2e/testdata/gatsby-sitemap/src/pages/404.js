import * as React from "react";
export default function NotFound() { return <h1>Not found</h1>; }
