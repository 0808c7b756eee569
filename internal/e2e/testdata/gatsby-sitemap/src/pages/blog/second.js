import * as React from "react";
export default function Page() { return <h1>Second</h1>; }
