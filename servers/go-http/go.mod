module barrage/servers/go-http

go 1.19
