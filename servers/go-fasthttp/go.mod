module barrage/servers/go-fasthttp

go 1.26.0

require (
	barrage/servers/go-http v0.0.0
	github.com/valyala/fasthttp v1.78.0
)

require (
	github.com/klauspost/compress v1.20.3 // indirect
	github.com/molecule-man/go-brrr v1.3.1 // indirect
	github.com/valyala/bytebufferpool v1.0.0 // indirect
)

// The contract's rules and data, shared with go-http (servers/go-http/contract).
replace barrage/servers/go-http => ../go-http
