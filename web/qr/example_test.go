package qr_test

import (
	"fmt"
	"strings"

	"github.com/cardavia/cardavia/web/qr"
)

func ExampleSVG() {
	svg, err := qr.SVG("http://localhost:8080/guandan/tables/Q7K2-M9PX-4TRA?join=1", "Scan to join the table")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(svg)[:strings.Index(string(svg), "<path")])
	// Output: <svg xmlns="http://www.w3.org/2000/svg" class="qr" viewBox="0 0 41 41" shape-rendering="crispEdges" role="img" aria-label="Scan to join the table"><rect width="41" height="41" fill="#fff"/>
}
