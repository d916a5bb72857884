%% barrage contract server on Cowboy 2 (Erlang): one handler for every path,
%% as seed 004's cowboy_bench routed '_' to a single handler.
%%
%% Run: erl -noshell -pa DEPS... -run cowboy_bench main HOST PORT DOCROOT
%% DOCROOT holds static/6b and static/4k, read once at start.
-module(cowboy_bench).
-export([main/1, init/2]).

-define(IS_HEX(C), ((C >= $0 andalso C =< $9) orelse (C >= $a andalso C =< $f)
                    orelse (C >= $A andalso C =< $F))).
-define(XML_NO_VALUE, <<"<http_test><error>no value specified</error></http_test>">>).

main([Host, Port, Docroot]) ->
    try
        start(Host, list_to_integer(Port), Docroot)
    catch
        Class:Reason ->
            io:format(standard_error, "cowboy: cannot start: ~p:~p~n", [Class, Reason]),
            halt(1)
    end;
main(Args) ->
    io:format(standard_error, "cowboy: usage: main HOST PORT DOCROOT (got ~p)~n", [Args]),
    halt(2).

start(Host, Port, Docroot) ->
    {ok, _} = application:ensure_all_started(cowboy),
    {ok, Ip} = inet:parse_address(Host),
    Read = fun(Name) ->
        {ok, Body} = file:read_file(filename:join([Docroot, "static", Name])),
        Body
    end,
    Endpoints = #{
        <<"/hello">> => {<<"text/plain">>, <<"Hello World\n">>},
        <<"/xml">> => {<<"text/xml">>, xml},
        <<"/static/6b">> => {<<"application/octet-stream">>, Read("6b")},
        <<"/static/4k">> => {<<"application/octet-stream">>, Read("4k")}
    },
    Dispatch = cowboy_router:compile([{'_', [{'_', ?MODULE, Endpoints}]}]),
    {ok, _} = cowboy:start_clear(
        bench,
        #{
            socket_opts => [{ip, Ip}, {port, Port}, {backlog, 4096}],
            max_connections => infinity
        },
        #{
            env => #{dispatch => Dispatch},
            % Benchmark connections live for the whole run: no cap on the
            % requests per connection (Cowboy's default is 100), a generous
            % wait for the next request (default 5 s) and idle timeout.
            max_keepalive => 1000000000,
            request_timeout => 60000,
            idle_timeout => 120000
        }
    ),
    {ok, Vsn} = application:get_key(cowboy, vsn),
    io:format("cowboy: listening on ~s:~b (cowboy ~s, Erlang/OTP ~s, ~b scheduler(s))~n",
              [Host, Port, Vsn, erlang:system_info(otp_release),
               erlang:system_info(schedulers_online)]).

%% The handler. Cowboy adds `server: Cowboy`, `date` and `content-length`,
%% and drops the body of a HEAD response.
init(Req, Endpoints) ->
    Method = cowboy_req:method(Req),
    Reply =
        case maps:get(cowboy_req:path(Req), Endpoints, not_found) of
            not_found ->
                cowboy_req:reply(404, #{<<"content-type">> => <<"text/plain">>},
                                 <<"not found\n">>, Req);
            {Type, Body} when Method =:= <<"GET">>; Method =:= <<"HEAD">> ->
                cowboy_req:reply(200, #{<<"content-type">> => Type},
                                 body(Body, Req), Req);
            _ ->
                cowboy_req:reply(405, #{<<"content-type">> => <<"text/plain">>,
                                        <<"allow">> => <<"GET, HEAD">>},
                                 <<"method not allowed\n">>, Req)
        end,
    {ok, Reply, Endpoints}.

body(xml, Req) ->
    case query_value(cowboy_req:qs(Req)) of
        <<>> -> ?XML_NO_VALUE;
        Value -> [<<"<http_test><value>">>, xml_escape(Value), <<"</value></http_test>">>]
    end;
body(Body, _Req) ->
    Body.

%% The first `value` of the query, form-decoded (`+` is a space, `%XX` a
%% byte, a stray `%` itself), invalid UTF-8 replaced by U+FFFD; <<>> when
%% missing. Cowboy's own cowboy_req:parse_qs/1 would crash on a stray `%`
%% and pass invalid UTF-8 through, so the contract's decoding is done here.
query_value(Qs) ->
    first_value(binary:split(Qs, <<"&">>, [global])).

first_value([]) ->
    <<>>;
first_value([Pair | Rest]) ->
    {Key, Value} =
        case binary:split(Pair, <<"=">>) of
            [K, V] -> {K, V};
            [K] -> {K, <<>>}
        end,
    case Key =:= <<"value">> orelse form_decode(Key) =:= <<"value">> of
        true -> utf8_lossy(form_decode(Value));
        false -> first_value(Rest)
    end.

form_decode(Bin) ->
    form_decode(Bin, <<>>).

form_decode(<<$+, Rest/binary>>, Acc) ->
    form_decode(Rest, <<Acc/binary, $\s>>);
form_decode(<<$%, H, L, Rest/binary>>, Acc) when ?IS_HEX(H), ?IS_HEX(L) ->
    form_decode(Rest, <<Acc/binary, (hex(H) * 16 + hex(L))>>);
form_decode(<<C, Rest/binary>>, Acc) ->
    form_decode(Rest, <<Acc/binary, C>>);
form_decode(<<>>, Acc) ->
    Acc.

hex(C) when C =< $9 -> C - $0;
hex(C) when C =< $F -> C - $A + 10;
hex(C) -> C - $a + 10.

utf8_lossy(Bin) ->
    case unicode:characters_to_binary(Bin) of
        Valid when is_binary(Valid) -> Valid;
        _ -> utf8_lossy(Bin, <<>>)
    end.

utf8_lossy(<<C/utf8, Rest/binary>>, Acc) ->
    utf8_lossy(Rest, <<Acc/binary, C/utf8>>);
utf8_lossy(<<_, Rest/binary>>, Acc) ->
    utf8_lossy(Rest, <<Acc/binary, 16#FFFD/utf8>>);
utf8_lossy(<<>>, Acc) ->
    Acc.

xml_escape(Bin) ->
    << <<(xml_escape_byte(C))/binary>> || <<C>> <= Bin >>.

xml_escape_byte($&) -> <<"&amp;">>;
xml_escape_byte($<) -> <<"&lt;">>;
xml_escape_byte($>) -> <<"&gt;">>;
xml_escape_byte($") -> <<"&quot;">>;
xml_escape_byte($') -> <<"&apos;">>;
xml_escape_byte(C) -> <<C>>.
