package sitemap_test

import (
	"fmt"
	"time"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

func ExamplePriority() {
	p, _ := sitemap.PriorityOf(0.85)
	fmt.Println(p, p.IsSet())
	var unset sitemap.Priority
	fmt.Printf("%q %v\n", unset, unset.IsSet())
	// Output:
	// 0.85 true
	// "" false
}

func ExampleAppendLastMod() {
	t := time.Date(2024, 5, 1, 9, 30, 0, 0, time.UTC)
	fmt.Println(string(sitemap.AppendLastMod(nil, t, sitemap.DateTime)))
	fmt.Println(string(sitemap.AppendLastMod(nil, t, sitemap.Date)))
	// Output:
	// 2024-05-01T09:30:00Z
	// 2024-05-01
}
