module barrage/servers/go-http

go 1.19

require github.com/andybalholm/brotli v1.1.1
